// Tests of the shell adapter: ~90 genrule-style scripts checked against GNU bash, then the limits, the
// run's files, the GNU commands added on our side, the genrule script text and the browser shims.
//
// The expectations in CASES were recorded from real GNU bash 5.2.15 with coreutils 9.1, sed 4.9, mawk 1.3.4
// and diffutils 3.8 (Debian 12): each case ran as
//   env -i PATH=/usr/bin:/bin TMPDIR=/tmp /bin/bash -c "$(genruleScript(cmd))" </dev/null
// in an execroot holding FIXTURE, Bazel's genrule-setup.sh and the output directory, which is how Bazel 4.2.3
// runs a genrule (a clean environment, the C locale). This file never runs /bin/bash itself. A case with
// `gap` is one where just-bash still differs (GAPS.md says how); its test checks that it still does, so a
// just-bash upgrade that closes the gap shows up here.

import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BrowserBuffer } from './browser-buffer.ts';
import { GENRULE_SETUP_PATH, GENRULE_SETUP_SH, genruleArgv, genruleScript, runShell, type ShellRun } from './index.ts';
import * as zlibShim from './node-zlib-shim.ts';
import { hasKnownInternals } from './fresh-fs.ts';
import { loadJustBash } from './just-bash-loader.js';

const CWD = '/execroot/_main';
const O = 'bazel-out/k8-fastbuild/bin/pkg';
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : new TextDecoder().decode(b));

const FIXTURE: Record<string, string> = {
  "pkg/in.txt": "hello\nworld\n",
  "pkg/data.csv": "name,age\nalice,30\nbob,25\ncarol,35\n",
  "pkg/words.txt": "banana\napple\ncherry\napple\nbanana\napple\n",
  "pkg/nums.txt": "3\n1\n2\n10\n",
  "pkg/template.txt": "Hello, @NAME@! Version @VERSION@.\n",
  "pkg/tool.sh": "#!/bin/bash\necho \"tool: $*\"\n",
};

function genrule(cmd: string, extra: Partial<ShellRun> = {}): ShellRun {
  return {
    script: genruleScript(cmd),
    cwd: CWD,
    env: { PATH: '/usr/bin:/bin', TMPDIR: '/tmp' },
    files: new Map(Object.entries(FIXTURE).map(([p, text]) => [`${CWD}/${p}`, enc(text)])),
    executable: new Set([`${CWD}/pkg/tool.sh`]),
    dirs: [`${CWD}/${O}`],
    ...extra,
  };
}

interface Case {
  name: string;
  cmd: string;
  stdout: string;
  exitCode: number;
  /** What bash wrote on stderr; compared only with checkStderr (just-bash words many messages differently). */
  stderr?: string;
  checkStderr?: boolean;
  /** Output files and their text, relative to the execroot. */
  files?: Record<string, string>;
  /** Why just-bash still differs from bash here. */
  gap?: string;
}

const CASES: Case[] = [
  {
    name: "cat to output",
    cmd: `cat pkg/in.txt > ${O}/out.txt`,
    stdout: "",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/out.txt": "hello\nworld\n",
    },
  },
  {
    name: "echo and redirect append",
    cmd: `echo one > ${O}/out.txt; echo two >> ${O}/out.txt; cat ${O}/out.txt`,
    stdout: "one\ntwo\n",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/out.txt": "one\ntwo\n",
    },
  },
  {
    name: "sed substitution from template",
    cmd: `sed -e 's/@NAME@/world/' -e 's/@VERSION@/1.2/' pkg/template.txt > ${O}/out.txt`,
    stdout: "",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/out.txt": "Hello, world! Version 1.2.\n",
    },
  },
  {
    name: "sed in-place",
    cmd: `cp pkg/in.txt ${O}/out.txt && sed -i 's/o/0/g' ${O}/out.txt && cat ${O}/out.txt`,
    stdout: "hell0\nw0rld\n",
    exitCode: 0,
  },
  {
    name: "sed line ranges and delete",
    cmd: "sed -n '2,3p' pkg/words.txt; sed '1d;$d' pkg/nums.txt",
    stdout: "apple\ncherry\n1\n2\n",
    exitCode: 0,
  },
  {
    name: "sed with extended regex groups",
    cmd: "echo 'foo-123-bar' | sed -E 's/([a-z]+)-([0-9]+)-([a-z]+)/\\3:\\2:\\1/'",
    stdout: "bar:123:foo\n",
    exitCode: 0,
  },
  {
    name: "awk fields with -F",
    cmd: "awk -F, 'NR>1 {print $1 \" is \" $2}' pkg/data.csv",
    stdout: "alice is 30\nbob is 25\ncarol is 35\n",
    exitCode: 0,
  },
  {
    name: "awk sum and printf",
    cmd: "awk -F, 'NR>1 {s+=$2} END {printf \"total=%d avg=%.2f\\n\", s, s/(NR-1)}' pkg/data.csv",
    stdout: "total=90 avg=30.00\n",
    exitCode: 0,
  },
  {
    name: "awk BEGIN and variables",
    cmd: "awk -v greeting=hi 'BEGIN {print greeting, 1+2}'",
    stdout: "hi 3\n",
    exitCode: 0,
  },
  {
    name: "tr upper case",
    cmd: "tr a-z A-Z < pkg/in.txt",
    stdout: "HELLO\nWORLD\n",
    exitCode: 0,
  },
  {
    name: "tr delete and squeeze",
    cmd: "echo 'aaa   bbb   ccc' | tr -s ' ' | tr -d 'b'",
    stdout: "aaa  ccc\n",
    exitCode: 0,
  },
  {
    name: "sort plain, numeric, reverse, unique",
    cmd: "sort pkg/words.txt; sort -n pkg/nums.txt; sort -rn pkg/nums.txt | head -1; sort -u pkg/words.txt",
    stdout: "apple\napple\napple\nbanana\nbanana\ncherry\n1\n2\n3\n10\n10\napple\nbanana\ncherry\n",
    exitCode: 0,
  },
  {
    name: "sort by key with separator",
    cmd: "tail -n +2 pkg/data.csv | sort -t, -k2,2n",
    stdout: "bob,25\nalice,30\ncarol,35\n",
    exitCode: 0,
  },
  {
    name: "uniq -c counts (GNU width)",
    cmd: "sort pkg/words.txt | uniq -c",
    stdout: "      3 apple\n      2 banana\n      1 cherry\n",
    exitCode: 0,
  },
  {
    name: "uniq -c sorted by count",
    cmd: "sort pkg/words.txt | uniq -c | sort -rn | head -1",
    stdout: "      3 apple\n",
    exitCode: 0,
  },
  {
    name: "uniq -d and -u",
    cmd: "sort pkg/words.txt | uniq -d; sort pkg/words.txt | uniq -u",
    stdout: "apple\nbanana\ncherry\n",
    exitCode: 0,
  },
  {
    name: "head and tail",
    cmd: "head -n 2 pkg/words.txt; tail -n 1 pkg/words.txt; tail -n +5 pkg/words.txt; head -c 3 pkg/in.txt; echo",
    stdout: "banana\napple\napple\nbanana\napple\nhel\n",
    exitCode: 0,
  },
  {
    name: "wc counts",
    cmd: "wc -l < pkg/words.txt; wc -w < pkg/template.txt; wc -c < pkg/in.txt",
    stdout: "6\n4\n12\n",
    exitCode: 0,
  },
  {
    name: "wc with file names",
    cmd: "wc -l pkg/words.txt pkg/nums.txt",
    stdout: " 6 pkg/words.txt\n 4 pkg/nums.txt\n10 total\n",
    exitCode: 0,
  },
  {
    name: "cut fields and characters",
    cmd: "cut -d, -f1 pkg/data.csv; cut -c1-3 pkg/in.txt",
    stdout: "name\nalice\nbob\ncarol\nhel\nwor\n",
    exitCode: 0,
  },
  {
    name: "printf formats",
    cmd: "printf '%s-%d-%05.1f-%x-%o|%-5s|%5s|\\n' a 42 3.14159 255 8 ab cd",
    stdout: "a-42-003.1-ff-10|ab   |   cd|\n",
    exitCode: 0,
  },
  {
    name: "printf repeats its format",
    cmd: "printf '%s\\n' a b c; printf '%s=%s\\n' k1 v1 k2 v2",
    stdout: "a\nb\nc\nk1=v1\nk2=v2\n",
    exitCode: 0,
  },
  {
    name: "for loop over words",
    cmd: `for x in a b c; do echo "item $x"; done > ${O}/out.txt; cat ${O}/out.txt`,
    stdout: "item a\nitem b\nitem c\n",
    exitCode: 0,
  },
  {
    name: "for loop over a glob",
    cmd: "for f in pkg/*.txt; do echo \"$(basename $f .txt)\"; done",
    stdout: "in\nnums\ntemplate\nwords\n",
    exitCode: 0,
  },
  {
    name: "C-style for and while loops",
    cmd: "for ((i=0; i<3; i++)); do echo $i; done; n=3; while [ $n -gt 0 ]; do echo n$n; n=$((n-1)); done",
    stdout: "0\n1\n2\nn3\nn2\nn1\n",
    exitCode: 0,
  },
  {
    name: "while read lines",
    cmd: "while IFS=, read -r name age; do echo \"$name:$age\"; done < pkg/data.csv",
    stdout: "name:age\nalice:30\nbob:25\ncarol:35\n",
    exitCode: 0,
  },
  {
    name: "functions with arguments and return",
    cmd: "greet() { echo \"hello $1\"; return 3; }; greet bob || echo \"rc=$?\"",
    stdout: "hello bob\nrc=3\n",
    exitCode: 0,
  },
  {
    name: "local variables",
    cmd: "x=outer; f() { local x=inner; echo $x; }; f; echo $x",
    stdout: "inner\nouter\n",
    exitCode: 0,
  },
  {
    name: "here-doc with expansion",
    cmd: `name=bazel; cat > ${O}/out.txt <<EOF\nHello $name\n$((1+2))\nEOF\ncat ${O}/out.txt`,
    stdout: "Hello bazel\n3\n",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/out.txt": "Hello bazel\n3\n",
    },
  },
  {
    name: "quoted here-doc keeps dollars",
    cmd: "cat <<'EOF'\n$HOME and $(date)\nEOF",
    stdout: "$HOME and $(date)\n",
    exitCode: 0,
  },
  {
    name: "here-string",
    cmd: "tr a-z A-Z <<< \"shout\"",
    stdout: "SHOUT\n",
    exitCode: 0,
  },
  {
    name: "command substitution",
    cmd: "n=$(wc -l < pkg/words.txt); echo \"lines: $n\"; echo \"nested: $(echo $(echo deep))\"",
    stdout: "lines: 6\nnested: deep\n",
    exitCode: 0,
  },
  {
    name: "backtick substitution",
    cmd: "echo `echo back`tick",
    stdout: "backtick\n",
    exitCode: 0,
  },
  {
    name: "arithmetic",
    cmd: "echo $((7 / 2)) $((7 % 3)) $((2 ** 10)) $((-7 / 2)) $(( (1+2) * 3 )); x=5; ((x++)); echo $x",
    stdout: "3 1 1024 -3 9\n6\n",
    exitCode: 0,
  },
  {
    name: "arithmetic over command substitution",
    cmd: "f() { echo 4; }; echo $(( $(f) * 2 ))",
    stdout: "8\n",
    exitCode: 0,
    gap: "a $(…) inside $(( )) does not see shell functions: \"f: command not found\"",
  },
  {
    name: "pipes",
    cmd: "cat pkg/words.txt | sort | uniq | tr '\\n' ' '; echo",
    stdout: "apple banana cherry \n",
    exitCode: 0,
  },
  {
    name: "redirect stderr",
    cmd: "echo out; echo err >&2; ls nonexistent 2>/dev/null || echo \"ls failed\"",
    stdout: "out\nls failed\n",
    exitCode: 0,
    stderr: "err\n",
    checkStderr: true,
  },
  {
    name: "stderr to stdout",
    cmd: "{ echo a; echo b >&2; } 2>&1 | sort -r",
    stdout: "b\na\n",
    exitCode: 0,
  },
  {
    name: "set -e stops in the middle",
    cmd: "echo before; false; echo after",
    stdout: "before\n",
    exitCode: 1,
  },
  {
    name: "set -e spares conditions",
    cmd: "if false; then echo no; fi; false || echo rescued; ! false; echo reached",
    stdout: "rescued\nreached\n",
    exitCode: 0,
  },
  {
    name: "pipefail fails a pipeline",
    cmd: "false | true; echo unreachable",
    stdout: "",
    exitCode: 1,
  },
  {
    name: "pipefail off after set +o",
    cmd: "set +o pipefail; false | true; echo reached",
    stdout: "reached\n",
    exitCode: 0,
  },
  {
    name: "exit code of exit",
    cmd: "echo x; exit 3",
    stdout: "x\n",
    exitCode: 3,
  },
  {
    name: "exit code of a missing command",
    cmd: "no_such_command_xyz",
    stdout: "",
    exitCode: 127,
    stderr: "/bin/bash: line 1: no_such_command_xyz: command not found\n",
  },
  {
    name: "set -u unbound variable",
    cmd: "echo \"${UNDEFINED_VAR}\"",
    stdout: "",
    exitCode: 1,
    stderr: "/bin/bash: line 1: UNDEFINED_VAR: unbound variable\n",
  },
  {
    name: "default values under set -u",
    cmd: "x=\"${UNDEFINED_VAR:-fallback}\"; echo \"$x\" ${UNDEFINED_VAR:-bare} \"${UNDEFINED_VAR-}\"end \"<${UNDEFINED_VAR:-in} quotes>\"",
    stdout: "fallback bare end <in quotes>\n",
    exitCode: 0,
  },
  {
    name: "quoted default value as a whole word under set -u",
    cmd: "echo \"${UNDEFINED_VAR:-fallback}\"",
    stdout: "fallback\n",
    exitCode: 0,
    gap: "just-bash reports \"${VAR:-x}\" as unbound when the quoted expansion is a whole word",
  },
  {
    name: "wc of stdin and of one count",
    cmd: "echo hi there | wc; echo hi | wc -l; wc -l pkg/words.txt; wc pkg/in.txt",
    stdout: "      1       2       9\n1\n6 pkg/words.txt\n 2  2 12 pkg/in.txt\n",
    exitCode: 0,
  },
  {
    name: "mkdir -p and cp",
    cmd: `mkdir -p ${O}/a/b && cp pkg/in.txt ${O}/a/b/copy.txt && cp -r ${O}/a ${O}/c && cat ${O}/c/b/copy.txt`,
    stdout: "hello\nworld\n",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/a/b/copy.txt": "hello\nworld\n",
      "bazel-out/k8-fastbuild/bin/pkg/c/b/copy.txt": "hello\nworld\n",
    },
  },
  {
    name: "mv and rm",
    cmd: `cp pkg/in.txt ${O}/tmp.txt; mv ${O}/tmp.txt ${O}/out.txt; rm -f ${O}/nothing; ls ${O}`,
    stdout: "out.txt\n",
    exitCode: 0,
  },
  {
    name: "gzip round trip",
    cmd: "gzip -c pkg/in.txt | gunzip",
    stdout: "hello\nworld\n",
    exitCode: 0,
  },
  {
    name: "gzip to output and zcat",
    cmd: `gzip -c pkg/words.txt > ${O}/out.gz && zcat ${O}/out.gz | head -2`,
    stdout: "banana\napple\n",
    exitCode: 0,
  },
  {
    name: "test -f and -d and -x",
    cmd: "test -f pkg/in.txt && echo file; [ -d pkg ] && echo dir; [ -x pkg/tool.sh ] && echo exe; [ -e pkg/none ] || echo missing",
    stdout: "file\ndir\nexe\nmissing\n",
    exitCode: 0,
  },
  {
    name: "[[ ]] patterns and regex",
    cmd: "x=hello.txt; [[ $x == *.txt ]] && echo glob; [[ $x =~ ^h(.*)o ]] && echo \"re ${BASH_REMATCH[1]}\"; [[ -n $x && ! -z $x ]] && echo nonempty",
    stdout: "glob\nre ell\nnonempty\n",
    exitCode: 0,
  },
  {
    name: "case statement",
    cmd: "for f in a.c b.h c.txt; do case $f in *.c) echo \"$f source\";; *.h) echo \"$f header\";; *) echo \"$f other\";; esac; done",
    stdout: "a.c source\nb.h header\nc.txt other\n",
    exitCode: 0,
  },
  {
    name: "string ops",
    cmd: "x=dir/file.tar.gz; echo ${x%.gz} ${x%%.*} ${x#*/} ${x##*.} ${#x} ${x/tar/zip} ${x^^}",
    stdout: "dir/file.tar dir/file file.tar.gz gz 15 dir/file.zip.gz DIR/FILE.TAR.GZ\n",
    exitCode: 0,
  },
  {
    name: "substring and replace all",
    cmd: "s=abcabc; echo ${s:1:3} ${s//b/B} ${s: -2}",
    stdout: "bca aBcaBc bc\n",
    exitCode: 0,
  },
  {
    name: "indexed arrays",
    cmd: "a=(one two three); echo ${a[1]} ${#a[@]}; a+=(four); for e in \"${a[@]}\"; do echo $e; done; echo \"${a[@]:1:2}\"",
    stdout: "two 3\none\ntwo\nthree\nfour\ntwo three\n",
    exitCode: 0,
  },
  {
    name: "associative arrays",
    cmd: "declare -A m; m[b]=2; m[a]=1; for k in $(echo \"${!m[@]}\" | tr ' ' '\\n' | sort); do echo $k=${m[$k]}; done",
    stdout: "a=1\nb=2\n",
    exitCode: 0,
  },
  {
    name: "if elif else",
    cmd: "v=5; if [ $v -lt 3 ]; then echo small; elif [ $v -lt 10 ]; then echo medium; else echo large; fi",
    stdout: "medium\n",
    exitCode: 0,
  },
  {
    name: "grep variants",
    cmd: "grep -c apple pkg/words.txt; grep -v a pkg/words.txt; grep -n '^b' pkg/words.txt; grep -E 'ch|ban' pkg/words.txt | head -2; grep -q zzz pkg/words.txt || echo none",
    stdout: "3\ncherry\n1:banana\n5:banana\nbanana\ncherry\nnone\n",
    exitCode: 0,
  },
  {
    name: "grep no match fails the genrule",
    cmd: `grep zzz pkg/words.txt > ${O}/out.txt; echo unreachable`,
    stdout: "",
    exitCode: 1,
  },
  {
    name: "xargs",
    cmd: "printf 'x\\ny\\n' | xargs echo; echo a b | xargs echo item",
    stdout: "x y\nitem a b\n",
    exitCode: 0,
  },
  {
    name: "xargs -n",
    cmd: "echo a b c | xargs -n1 echo item",
    stdout: "item a\nitem b\nitem c\n",
    exitCode: 0,
    gap: "just-bash's xargs has no -n",
  },
  {
    name: "basename and dirname",
    cmd: `basename ${O}/out.txt; basename pkg/x.tar.gz .gz; dirname ${O}/out.txt`,
    stdout: `out.txt\nx.tar\n${O}\n`,
    exitCode: 0,
  },
  {
    name: "seq and paste with separate flags",
    cmd: "seq 1 5 | paste -s -d+; seq 3 | paste -s -d, -",
    stdout: "1+2+3+4+5\n1,2,3\n",
    exitCode: 0,
  },
  {
    name: "paste -sd+ combined flags",
    cmd: "seq 1 3 | paste -sd+",
    stdout: "1+2+3\n",
    exitCode: 0,
  },
  {
    name: "subshell and grouping",
    cmd: "(cd pkg && ls in.txt); pwd | sed 's|.*/||'; { echo g1; echo g2; } | wc -l",
    stdout: "in.txt\n_main\n2\n",
    exitCode: 0,
  },
  {
    name: "run a tool script",
    cmd: "pkg/tool.sh a b; bash pkg/tool.sh c",
    stdout: "tool: a b\ntool: c\n",
    exitCode: 0,
  },
  {
    name: "source a file",
    cmd: `echo 'V=sourced' > ${O}/vars.sh; source ${O}/vars.sh; echo $V`,
    stdout: "sourced\n",
    exitCode: 0,
  },
  {
    name: "cmp same and different",
    cmd: `cp pkg/in.txt ${O}/same.txt; cmp pkg/in.txt ${O}/same.txt && echo same; cmp pkg/in.txt pkg/template.txt || echo "rc=$?"`,
    stdout: "same\npkg/in.txt pkg/template.txt differ: char 1, line 1\nrc=1\n",
    exitCode: 0,
  },
  {
    name: "cmp with a prefix file",
    cmd: `head -1 pkg/in.txt > ${O}/short.txt; cmp ${O}/short.txt pkg/in.txt 2>&1 || echo "rc=$?"; cmp -s pkg/in.txt pkg/nope || echo "rc=$?"`,
    stdout: `cmp: EOF on ${O}/short.txt after byte 6, line 1\nrc=1\nrc=2\n`,
    exitCode: 0,
    checkStderr: true,
  },
  {
    name: "cmp -l",
    cmd: `printf 'abcd' > ${O}/x; printf 'abXY' > ${O}/y; cmp -l ${O}/x ${O}/y || echo "rc=$?"`,
    stdout: "3 143 130\n4 144 131\nrc=1\n",
    exitCode: 0,
  },
  {
    name: "yes piped to head without pipefail",
    cmd: "set +o pipefail; yes ok | head -n 2",
    stdout: "ok\nok\n",
    exitCode: 0,
  },
  {
    name: "yes piped to head under pipefail",
    cmd: "yes | head -n 2",
    stdout: "y\ny\n",
    exitCode: 141,
  },
  {
    name: "trap on EXIT",
    cmd: "trap 'echo cleanup' EXIT; echo body",
    stdout: "body\ncleanup\n",
    exitCode: 0,
    gap: "just-bash has no trap builtin",
  },
  {
    name: "read -a and IFS splitting",
    cmd: "IFS=: read -ra parts <<< \"a:b:c\"; echo ${#parts[@]} ${parts[2]}",
    stdout: "3 c\n",
    exitCode: 0,
  },
  {
    name: "printf -v and string repeat",
    cmd: "printf -v line '%*s' 5 ''; echo \"[${line// /=}]\"",
    stdout: "[=====]\n",
    exitCode: 0,
  },
  {
    name: "sort -k with tab separator",
    cmd: "printf 'b\\t2\\na\\t10\\nc\\t1\\n' | sort -t $'\\t' -k2 -n",
    stdout: "c\t1\nb\t2\na\t10\n",
    exitCode: 0,
  },
  {
    name: "tee to a file",
    cmd: `echo tee-line | tee ${O}/out.txt`,
    stdout: "tee-line\n",
    exitCode: 0,
    files: {
      "bazel-out/k8-fastbuild/bin/pkg/out.txt": "tee-line\n",
    },
  },
  {
    name: "find files",
    cmd: "find pkg -name '*.txt' | sort",
    stdout: "pkg/in.txt\npkg/nums.txt\npkg/template.txt\npkg/words.txt\n",
    exitCode: 0,
  },
  {
    name: "ln -s and readlink",
    cmd: `ln -s ../../../../pkg/in.txt ${O}/link.txt && cat ${O}/link.txt && readlink ${O}/link.txt`,
    stdout: "hello\nworld\n../../../../pkg/in.txt\n",
    exitCode: 0,
  },
  {
    name: "sha256sum",
    cmd: "sha256sum pkg/in.txt; echo -n abc | md5sum",
    stdout: "4a1e67f2fe1d1cc7b31d0ca2ec441da4778203a036a77da10344c85e24ff0f92  pkg/in.txt\n900150983cd24fb0d6963f7d28e17f72  -\n",
    exitCode: 0,
  },
  {
    name: "base64 round trip",
    cmd: "echo 'binary?' | base64; echo YmluYXJ5Pwo= | base64 -d",
    stdout: "YmluYXJ5Pwo=\nbinary?\n",
    exitCode: 0,
  },
  {
    name: "expr and test arithmetic",
    cmd: "expr 3 + 4; expr length hello; [ 10 -gt 9 ] && echo gt",
    stdout: "7\n5\ngt\n",
    exitCode: 0,
  },
  {
    name: "escape sequences in echo -e and $''",
    cmd: "echo -e 'a\\tb\\nc'; echo $'x\\ty'",
    stdout: "a\tb\nc\nx\ty\n",
    exitCode: 0,
  },
  {
    name: "env of a genrule",
    cmd: "env | grep -E '^(PATH|TMPDIR)=' | sort",
    stdout: "PATH=/usr/bin:/bin\nTMPDIR=/tmp\n",
    exitCode: 0,
  },
];

describe('genrule scripts behave as in GNU bash', () => {
  for (const c of CASES) {
    it(c.gap ? `${c.name} (gap: ${c.gap})` : c.name, async () => {
      const r = await runShell(genrule(c.cmd));
      const got = {
        stdout: r.stdout,
        exitCode: r.exitCode,
        ...(c.checkStderr ? { stderr: r.stderr } : {}),
        files: Object.fromEntries(Object.keys(c.files ?? {}).map((p) => [p, dec(r.files.get(`${CWD}/${p}`))])),
      };
      const want = {
        stdout: c.stdout,
        exitCode: c.exitCode,
        ...(c.checkStderr ? { stderr: c.stderr ?? '' } : {}),
        files: c.files ?? {},
      };
      if (c.gap) expect(got).not.toEqual(want);
      else expect(got).toEqual(want);
    });
  }
});

describe('limits', () => {
  // No wall-clock assertions here (benchmarks measure speed, tests behaviour): a limit that failed to stop the
  // script would run into the test's timeout instead.
  const COMMAND_LIMIT =
    'rulepen: command limit of 10000 exceeded: the script ran more than 10000 commands (a loop that never ends?) and was stopped\n';

  it('stops a busy loop at the command limit of 10,000, with a message naming it', { timeout: 30_000 }, async () => {
    for (const cmd of ['while true; do :; done', 'while true; do echo > /dev/null; done', 'while :; do x=1; done', 'for ((;;)); do :; done']) {
      const r = await runShell(genrule(cmd));
      expect(r, cmd).toMatchObject({ exitCode: 126, limitHit: 'commands', stdout: '', stderr: COMMAND_LIMIT });
    }
  });

  it('stops a loop that writes a line at a time to a file at the command limit', { timeout: 30_000 }, async () => {
    for (const cmd of [`while true; do echo y; done > ${O}/out.txt`, `while true; do echo y >> ${O}/out.txt; done`]) {
      const r = await runShell(genrule(cmd));
      expect(r, cmd).toMatchObject({ exitCode: 126, limitHit: 'commands' });
      expect(r.stderr.endsWith(COMMAND_LIMIT), cmd).toBe(true);
    }
  });

  it('stops a loop at the iteration limit', async () => {
    const r = await runShell(genrule('for ((i=0;;i++)); do :; done', { limits: { maxLoopIterations: 500 } }));
    expect(r).toMatchObject({ exitCode: 126, limitHit: 'loop' });
    expect(r.stderr).toBe('rulepen: loop limit of 500 iterations exceeded: a loop ran more than 500 times and was stopped\n');
  });

  it('stops an output flood, to stdout or to a file', { timeout: 30_000 }, async () => {
    for (const cmd of ['while true; do echo flood; done', `while true; do echo flood; done > ${O}/out.txt`]) {
      const r = await runShell(genrule(cmd, { limits: { maxOutputBytes: 20_000 } }));
      expect(r).toMatchObject({ exitCode: 126, limitHit: 'output' });
      expect(r.stderr).toBe(
        'rulepen: output limit of 20000 bytes exceeded: the script wrote more than 20000 bytes (stdout, stderr and files together) and was stopped\n',
      );
      expect(r.stdout.length).toBeLessThanOrEqual(20_000);
    }
  });

  it('names the output limit in KiB or MiB when it is a whole number of them', async () => {
    const r = await runShell(genrule(`seq 1 99999 > ${O}/out.txt`, { limits: { maxOutputBytes: 512 * 1024 } }));
    expect(r).toMatchObject({ exitCode: 126, limitHit: 'output' });
    expect(r.stderr).toContain('rulepen: output limit of 512 KiB exceeded: the script wrote more than 512 KiB');
  });

  const YES_FLOOD =
    'rulepen: output limit of 16 MiB exceeded: `yes` writes without end unless its reader stops (as `head` does), and its output went to stdout or a file; the script was stopped\n';

  it('reports `yes` whose output reaches stdout or a file as an output flood', async () => {
    for (const cmd of [`yes > ${O}/out.txt`, 'yes', `yes | cat > ${O}/out.txt`, `yes n > ${O}/out.txt || true`, 'yes >&2']) {
      const r = await runShell(genrule(cmd));
      expect(r, cmd).toMatchObject({ exitCode: 126, limitHit: 'output' });
      expect(r.stderr.endsWith(YES_FLOOD), cmd).toBe(true);
    }
  });

  it('does not report `yes` read by a reader that stops', async () => {
    for (const cmd of [`yes | head -n 3 > ${O}/out.txt`, 'yes | head -c 100', 'yes | sed 2q']) {
      const r = await runShell(genrule(cmd));
      expect(r, cmd).toMatchObject({ exitCode: 141, stderr: '' });
      expect(r.limitHit, cmd).toBeUndefined();
    }
  });

  it('stops a single command whose output passes the limit', async () => {
    const r = await runShell(genrule('seq 1 1000000', { limits: { maxOutputBytes: 10_000 } }));
    expect(r).toMatchObject({ exitCode: 126, limitHit: 'output' });
  });

  it('stops at the time limit', { timeout: 30_000 }, async () => {
    const r = await runShell(genrule('while true; do :; done', { limits: { maxMillis: 300, maxCommands: 1e9 } }));
    expect(r).toMatchObject({ exitCode: 124, limitHit: 'time' });
    expect(r.stderr).toBe('rulepen: time limit of 300 ms exceeded: the script ran longer than 300 ms and was stopped\n');
  });

  it('keeps what the script wrote before the limit', async () => {
    const r = await runShell(genrule('echo before >&2; while true; do :; done', { limits: { maxCommands: 50 } }));
    expect(r.stderr).toBe(
      'before\nrulepen: command limit of 50 exceeded: the script ran more than 50 commands (a loop that never ends?) and was stopped\n',
    );
  });

  it('does not run when the signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await runShell(genrule(`echo hi > ${O}/out.txt`, { signal: ac.signal }));
    expect(r).toMatchObject({ exitCode: 130, limitHit: 'cancelled', stdout: '' });
    expect(r.stderr).toBe('rulepen: the command was cancelled\n');
    expect(r.files.has(`${CWD}/${O}/out.txt`)).toBe(false);
  });

  it('reports no limit for an ordinary failure', async () => {
    const r = await runShell(genrule('exit 126'));
    expect(r.exitCode).toBe(126);
    expect(r.limitHit).toBeUndefined();
  });
});

describe('the run', () => {
  it('returns every regular file after the run: inputs and outputs, not the shell stubs', async () => {
    const r = await runShell(genrule(`echo out > ${O}/out.txt; mkdir -p ${O}/d; : > ${O}/d/empty`));
    expect([...r.files.keys()]).toEqual([
      `${CWD}/${O}/d/empty`,
      `${CWD}/${O}/out.txt`,
      ...Object.keys(FIXTURE).map((p) => `${CWD}/${p}`).sort(),
    ]);
    expect(dec(r.files.get(`${CWD}/${O}/out.txt`))).toBe('out\n');
  });

  it('keeps bytes that are not UTF-8', async () => {
    const r = await runShell(genrule(`gzip -c pkg/in.txt > ${O}/in.gz`));
    const gz = r.files.get(`${CWD}/${O}/in.gz`)!;
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(gz).toString()).toBe('hello\nworld\n');
  });

  it('reads a symbolic link through to its target and leaves a dangling one out', async () => {
    const r = await runShell(genrule(`ln -s ../../../../pkg/in.txt ${O}/link; ln -s nowhere ${O}/dangling`));
    expect(dec(r.files.get(`${CWD}/${O}/link`))).toBe('hello\nworld\n');
    expect(r.files.has(`${CWD}/${O}/dangling`)).toBe(false);
  });

  it('sets exactly the given environment, in the given directory', async () => {
    const r = await runShell({ ...genrule(''), script: 'echo "$PWD|${HOME-unset}|$FOO"; pwd', env: { FOO: 'bar', PATH: '/bin' } });
    expect(r.stdout).toBe(`${CWD}|unset|bar\n${CWD}\n`);
  });

  it('runs a test script by path, with its arguments and exit code', async () => {
    const script = '#!/bin/bash\necho "args: $*"\n[ "$1" = pass ]\n';
    const files = new Map([[`${CWD}/pkg/t_test.sh`, enc(script)]]);
    const run = { ...genrule(''), files, executable: new Set([`${CWD}/pkg/t_test.sh`]) };
    expect(await runShell({ ...run, script: 'pkg/t_test.sh pass' })).toMatchObject({ exitCode: 0, stdout: 'args: pass\n' });
    expect(await runShell({ ...run, script: 'pkg/t_test.sh fail' })).toMatchObject({ exitCode: 1, stdout: 'args: fail\n' });
  });

  it('puts genrule-setup.sh where the genrule script sources it, and leaves it out of the files', async () => {
    const r = await runShell(genrule(`cat ${GENRULE_SETUP_PATH}`));
    expect(r.stdout).toBe(GENRULE_SETUP_SH);
    expect(r.files.has(`${CWD}/${GENRULE_SETUP_PATH}`)).toBe(false);
  });

  it('has no network or language runtimes', async () => {
    for (const cmd of ['curl http://example.com', 'wget http://example.com', 'python3 -c 1', 'python -c 1', 'js-exec -c 1', 'node -e 1', 'sqlite3 :memory: "select 1"', 'html-to-markdown']) {
      const r = await runShell(genrule(cmd));
      expect(r.exitCode, cmd).toBe(127);
    }
  });

  // `sleep 30` that really slept would exceed the test's 10 s timeout.
  it('returns at once from sleep, and gives inputs a fixed mtime', { timeout: 10_000 }, async () => {
    const r = await runShell(genrule('sleep 30; ls -l pkg/in.txt'));
    expect(r.stdout).toBe('-rw-r--r-- 1 user user    12 Jan  1  2000 pkg/in.txt\n');
  });

  it('runs each call on a fresh file system', async () => {
    await runShell(genrule('echo leak > /tmp/leak'));
    const r = await runShell(genrule('test -e /tmp/leak && echo leaked || echo clean'));
    expect(r.stdout).toBe('clean\n');
  });

  it('copies the layout for each run: a stub changed, removed or made executable in one run is back in the next', async () => {
    const first = await runShell(genrule('set +e; echo changed > /bin/cat; rm /usr/bin/ls; chmod 600 /bin/echo; touch /bin/sed'));
    expect([...first.files.keys()]).toContain('/bin/cat');
    expect([...first.files.keys()]).not.toContain('/bin/sed');
    const r = await runShell(genrule('head -c 12 /bin/cat; test -e /usr/bin/ls && echo ls; stat -c %a /bin/echo; ls /bin | wc -l'));
    const fresh = await runShell(genrule('ls /bin | wc -l'));
    expect(r.stdout).toBe(`#!/bin/bash\nls\n644\n${fresh.stdout}`);
  });

  it('knows the internals of just-bash InMemoryFs it copies the layout with (fresh-fs.ts)', async () => {
    const jb = await loadJustBash();
    expect(hasKnownInternals(new jb.InMemoryFs())).toBe(true);
  });
});

describe('commands added on our side', () => {
  const run = async (cmd: string) => {
    const r = await runShell(genrule(`set +e; ${cmd}`));
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  };
  // Each expectation below is GNU diffutils 3.8 / coreutils 9.1 output, from the same kind of run as CASES.
  it('cmp: same, different, prefix, empty, trouble', async () => {
    const setup = `printf 'abc\\n' > a; printf 'abd\\nx\\n' > b; printf 'ab' > c; : > e; `;
    expect(await run(setup + 'cmp a a')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(await run(setup + 'cmp a b')).toEqual({ stdout: 'a b differ: char 3, line 1\n', stderr: '', exitCode: 1 });
    expect(await run(setup + 'cmp c a')).toEqual({ stdout: '', stderr: 'cmp: EOF on c after byte 2, in line 1\n', exitCode: 1 });
    expect(await run(setup + 'cmp e a')).toEqual({ stdout: '', stderr: 'cmp: EOF on e which is empty\n', exitCode: 1 });
    expect(await run(setup + 'cmp -s a b')).toEqual({ stdout: '', stderr: '', exitCode: 1 });
    expect(await run(setup + 'cmp a missing')).toEqual({ stdout: '', stderr: 'cmp: missing: No such file or directory\n', exitCode: 2 });
    expect(await run(setup + 'cmp -s a missing')).toEqual({ stdout: '', stderr: '', exitCode: 2 });
    expect(await run(setup + 'cmp')).toEqual({ stdout: '', stderr: "cmp: missing operand after 'cmp'\ncmp: Try 'cmp --help' for more information.\n", exitCode: 2 });
    expect(await run(setup + 'cmp a pkg')).toEqual({ stdout: '', stderr: 'cmp: pkg: Is a directory\n', exitCode: 2 });
    expect(await run(setup + 'cat a | cmp - b')).toEqual({ stdout: '- b differ: char 3, line 1\n', stderr: '', exitCode: 1 });
    expect(await run(setup + 'cmp -n 2 a b')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('cmp: -b and -l show bytes as GNU does', async () => {
    const setup = `printf 'a\\nbc\\n' > h; printf 'a\\nbd\\n' > i; `;
    expect((await run(setup + 'cmp -b h i')).stdout).toBe('h i differ: char 4, line 2 is 143 c 144 d\n');
    expect((await run(setup + 'cmp -l h i')).stdout).toBe('4 143 144\n');
    expect(await run(`printf 'a\\n' > f; printf 'a\\nb\\n' > g; cmp -l f g`)).toEqual({ stdout: '', stderr: 'cmp: EOF on f after byte 2\n', exitCode: 1 });
    // just-bash's printf writes \200 as UTF-8 (GAPS.md), so the high bytes come in as input files.
    const files = new Map([
      [`${CWD}/j`, Uint8Array.from([0o200, 1, 10])],
      [`${CWD}/k`, Uint8Array.from([0o201, 2, 10])],
    ]);
    const bytes = async (cmd: string) => (await runShell({ ...genrule(''), files, script: cmd })).stdout;
    expect(await bytes('cmp -b j k')).toBe('j k differ: char 1, line 1 is 200 M-^@ 201 M-^A\n');
    expect(await bytes('cmp -lb j k')).toBe('1 200 M-^@ 201 M-^A\n2   1 ^A     2 ^B\n');
  });

  it('cmp says "byte" outside the C locale', async () => {
    const r = await runShell(genrule(`printf x > a; printf y > b; cmp a b`, { env: { PATH: '/bin', LANG: 'C.UTF-8' } }));
    expect(r.stdout).toBe('a b differ: byte 1, line 1\n');
  });

  it('yes: bounded, and 141 when it stops, as after SIGPIPE', async () => {
    expect(await run('yes | head -n 3; echo "${PIPESTATUS[*]}"')).toEqual({ stdout: 'y\ny\ny\n141 0\n', stderr: '', exitCode: 0 });
    expect(await run('yes a b | head -n 1')).toMatchObject({ stdout: 'a b\n' });
    expect(await run('yes | wc -l')).toMatchObject({ stdout: '524289\n' });
  });

  it('uniq -c pads to width 7, also with other flags', async () => {
    expect((await run(`printf 'a\\na\\nb\\n' | uniq -cd`)).stdout).toBe('      2 a\n');
    expect((await run(`seq 1 12 | sed 's/.*/x/' | uniq -c`)).stdout).toBe('     12 x\n');
  });

  it('wc pads as GNU does', async () => {
    expect((await run('wc pkg/in.txt pkg/nums.txt')).stdout).toBe(' 2  2 12 pkg/in.txt\n 4  4  9 pkg/nums.txt\n 6  6 21 total\n');
    expect((await run('cat pkg/in.txt | wc -l pkg/in.txt -')).stdout).toBe('      2 pkg/in.txt\n      2 -\n      4 total\n');
    expect((await run('wc -c < pkg/in.txt')).stdout).toBe('12\n');
  });

  it('paste reads stdin when no file is named', async () => {
    expect((await run('seq 3 | paste -s')).stdout).toBe('1\t2\t3\n');
    expect((await run('seq 4 | paste -s -d ,')).stdout).toBe('1,2,3,4\n');
  });

  it('mktemp: deterministic names under $TMPDIR, files and directories', async () => {
    const cmd = 'd=$(mktemp -d); f=$(mktemp); g=$(mktemp -p "$d" x.XXXX); echo "$d $f $g"; test -d "$d" && test -f "$f" && test -f "$g" && echo ok';
    const a = await run(cmd);
    const b = await run(cmd);
    expect(a).toEqual(b);
    expect(a.stdout).toMatch(/^\/tmp\/tmp\.\w{10} \/tmp\/tmp\.\w{10} \/tmp\/tmp\.\w{10}\/x\.\w{4}\nok\n$/);
    expect(await run('mktemp foo.XX')).toEqual({ stdout: '', stderr: "mktemp: too few X's in template 'foo.XX'\n", exitCode: 1 });
  });
});

describe('genruleScript', () => {
  it('is what GenRuleBase builds: source the setup file, then the command', () => {
    expect(genruleScript('echo hi > $@')).toBe('source external/bazel_tools/tools/genrule/genrule-setup.sh; echo hi > $@');
    expect(genruleArgv('true')).toEqual(['/bin/bash', '-c', 'source external/bazel_tools/tools/genrule/genrule-setup.sh; true']);
  });

  it('the setup file sets -e, -u and pipefail', () => {
    const settings = GENRULE_SETUP_SH.split('\n').filter((l) => l.startsWith('set '));
    expect(settings).toEqual(['set -e', 'set -u', 'set -o pipefail']);
  });
});

describe('browser shims', () => {
  it('node-zlib-shim gzips so that Node gunzips, and back', () => {
    const text = 'hello '.repeat(100);
    expect(gunzipSync(zlibShim.gzipSync(enc(text), { level: zlibShim.constants.Z_BEST_COMPRESSION })).toString()).toBe(text);
    expect(dec(zlibShim.gunzipSync(gzipSync(text)))).toBe(text);
    expect(() => zlibShim.gunzipSync(gzipSync(text), { maxOutputLength: 10 })).toThrow(RangeError);
  });

  it('BrowserBuffer encodes and decodes as Node Buffer does', () => {
    const bytes = Uint8Array.from([0, 1, 127, 128, 200, 255]);
    for (const encoding of ['latin1', 'base64', 'hex', 'utf8'] as const) {
      expect(BrowserBuffer.from(bytes).toString(encoding), encoding).toBe(Buffer.from(bytes).toString(encoding));
    }
    for (const s of ['aGk=', 'aGkh', 'YQ', '']) expect([...BrowserBuffer.from(s, 'base64')]).toEqual([...Buffer.from(s, 'base64')]);
    expect([...BrowserBuffer.from('h\u00e9\u20ac')]).toEqual([...Buffer.from('h\u00e9\u20ac')]);
    expect([...BrowserBuffer.from('\u00e9\u00ff', 'latin1')]).toEqual([...Buffer.from('\u00e9\u00ff', 'latin1')]);
    expect(BrowserBuffer.concat([enc('ab'), enc('c')]).toString()).toBe('abc');
    expect(BrowserBuffer.isBuffer(BrowserBuffer.alloc(2))).toBe(true);
  });
});
