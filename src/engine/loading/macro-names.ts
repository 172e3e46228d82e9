// The namespace of a symbolic macro (Bazel's TargetRecorder): the names a macro's targets and submacros may take.
// Apart from macros.ts so that the package builder can check names without importing macro instantiation.

/** Bazel's TargetRecorder.MACRO_NAMING_RULES. */
export const MACRO_NAMING_RULES =
  "Name must be the same as the macro's name, or the macro's name followed by '_' (recommended), '-', or '.', and a non-empty string.";

/** Whether a target or submacro name lies in the namespace of the macro named `macro`. */
export function inMacroNamespace(name: string, macro: string): boolean {
  if (name === macro) return true;
  return name.length > macro.length + 1 && name.startsWith(macro) && '_-.'.includes(name[macro.length]!);
}

/** The message for a target declared in a symbolic macro outside its namespace, when something analyses it. */
export function macroNamingViolation(label: string, macro: string): string {
  return `Target ${label} declared in symbolic macro '${macro}' violates macro naming rules and cannot be built. ${MACRO_NAMING_RULES}`;
}
