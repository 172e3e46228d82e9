// The script text Bazel runs for a genrule: its setup file, sourced before the expanded `cmd`.
//
// GenRuleBase.create() (Bazel 4.2.3 and 8.x alike) turns the expanded command into
//   String.format("source %s; %s", <exec path of $genrule_setup>, command)
// and CommandHelper/BashCommandConstructor run it as argv [/bin/bash, -c, <that text>] (or, when it is longer
// than the platform's command-line limit, as `/bin/bash <name>.genrule_script.sh`, a file holding
// "#!/bin/bash\n" + the text — the same script either way). The setup file is @bazel_tools//tools/genrule:
// genrule-setup.sh, whose exec path is external/bazel_tools/tools/genrule/genrule-setup.sh; it turns on
// `set -e`, `set -u` and `set -o pipefail`. The adapter puts GENRULE_SETUP_SH at that path in the virtual
// file system (runShell does it whenever the script sources it), so the text below runs unchanged.

/** The exec path of Bazel's genrule setup script, relative to the execroot. */
export const GENRULE_SETUP_PATH = 'external/bazel_tools/tools/genrule/genrule-setup.sh';

/** The text of tools/genrule/genrule-setup.sh as Bazel 4.2.3 embeds it (unchanged through Bazel 8). */
export const GENRULE_SETUP_SH = `#!/bin/bash

# Copyright 2017 The Bazel Authors. All rights reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#    http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# exit immediately if a command or pipeline fails, unless it is in a test expression
set -e

# treat unset variables as errors
set -u

# exit code of a pipeline is 0, or the non-zero exit code of the rightmost failing command
set -o pipefail
`;

/** The script `bash -c` receives for a genrule whose `cmd` expanded to `cmd`. */
export function genruleScript(cmd: string): string {
  return `source ${GENRULE_SETUP_PATH}; ${cmd}`;
}

/** The argv Bazel runs a genrule with (the shell is the sh toolchain's path, /bin/bash by default). */
export function genruleArgv(cmd: string, shell = '/bin/bash'): string[] {
  return [shell, '-c', genruleScript(cmd)];
}
