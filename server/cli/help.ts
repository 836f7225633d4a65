/**
 * The CLI's help is one text (each command's lines, two spaces in, continued further in); each
 * group's `--help` and the completion script are read from it, so no command can be left out.
 */
interface Block {
  group: string;
  action?: string;
  lines: string[];
}

function blocks(help: string): Block[] {
  const found: Block[] = [];
  for (const line of help.split('\n')) {
    const start = /^ {2}([a-z][a-z-]*)(?: ([a-z][a-z-]*))?\b/.exec(line);
    if (start) found.push({ group: start[1]!, action: start[2], lines: [line] });
    else if (/^ {3,}\S/.test(line) && found.length) found[found.length - 1]!.lines.push(line);
  }
  return found;
}

/** The lines of one group's commands, or undefined for a group the CLI does not have. */
export function groupHelp(help: string, group: string): string | undefined {
  const lines = blocks(help)
    .filter((block) => block.group === group)
    .flatMap((block) => block.lines);
  return lines.length ? `Usage: npm run cli -- ${group} <command> [options]\n\n${lines.join('\n')}` : undefined;
}

/**
 * `completion bash`: completes the group, then its command, then the flags its help names.
 * Loaded with `source <(npm run cli --silent -- completion bash)`; it completes `npm run cli --`.
 */
export function bashCompletion(help: string): string {
  const groups = new Map<string, { actions: Set<string>; flags: Set<string> }>();
  for (const block of blocks(help)) {
    const entry = groups.get(block.group) ?? { actions: new Set(), flags: new Set() };
    if (block.action) entry.actions.add(block.action);
    for (const [flag] of block.lines.join(' ').matchAll(/--[a-z][a-z-]*/g)) entry.flags.add(flag);
    groups.set(block.group, entry);
  }
  const cases = [...groups]
    .map(
      ([group, { actions, flags }]) =>
        `    ${group}) actions="${[...actions].join(' ')}"; flags="${[...flags, '--json', '--help'].join(' ')}" ;;`,
    )
    .join('\n');
  return `# bash completion for bankflow's CLI (npm run cli -- …)
_bankflow_cli() {
  local cur=\${COMP_WORDS[COMP_CWORD]} i start=0
  for ((i = 1; i < COMP_CWORD; i++)); do [[ \${COMP_WORDS[i]} == -- ]] && start=$i; done
  if [[ \${COMP_WORDS[1]} != run || \${COMP_WORDS[2]} != cli || $start -eq 0 ]]; then
    COMPREPLY=($(compgen -W "run cli --" -- "$cur")); return
  fi
  local group=\${COMP_WORDS[start + 1]} position=$((COMP_CWORD - start)) actions="" flags=""
  case $group in
${cases}
  esac
  if ((position == 1)); then COMPREPLY=($(compgen -W "${[...groups.keys()].join(' ')}" -- "$cur"))
  elif ((position == 2)) && [[ -n $actions && $cur != -* ]]; then COMPREPLY=($(compgen -W "$actions" -- "$cur"))
  else COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  fi
}
complete -o default -F _bankflow_cli npm`;
}
