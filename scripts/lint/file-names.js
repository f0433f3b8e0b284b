import path from 'node:path';

/**
 * The file-name rule (STYLE.md rule 9; docs/adding-a-capability.md "File names"), as an ESLint rule so
 * `npm run check` keeps it: it looks at the path of each linted file, not at its code.
 *
 * - A name is `<base>[.<role>][.<language>][.property][.test|.spec].<ext>`: the base in kebab-case, the role
 *   from ROLES (a new role is a line here and in the page).
 * - In a server module (modules/<module>/), a file repeats the module's noun only as the whole base of the
 *   module-wide files (`bookings.repository.ts`, `bookings.dto.ts`); any other file is named for its topic,
 *   the folder already saying whose it is (`creation.service.ts`, not `booking-creation.service.ts`).
 * - One spelling, `catalog` (the URLs /api/catalog, the table, the module): never `catalogue` in a path.
 */

export const ROLES = [
  'module', 'routes', 'service', 'repository', 'jobs', 'events', 'emails', 'notices', 'texts', 'copy',
  'realtime', 'dto', 'errors', 'contract', 'test-helpers', 'bench', 'config', 'template', 'generated', 'd',
];
const LANGUAGES = ['en', 'fr', 'ar'];
const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';
const NAME = new RegExp(
  `^\\.?(${KEBAB})(?:\\.(${ROLES.join('|')}))?(?:\\.(?:${LANGUAGES.join('|')}))?(?:\\.property)?(?:\\.(?:test|spec))?\\.(?:ts|tsx|js|mjs|cjs)$`,
);

/** The module's noun in the singular (`bookings` -> `booking`, `lateness` stays). */
function singular(noun) {
  return noun.endsWith('s') && !noun.endsWith('ss') ? noun.slice(0, -1) : noun;
}

/** What is wrong with a file's path (relative to the repository, `/` separators), or undefined. */
export function fileNameProblem(relativePath) {
  const segments = relativePath.split('/');
  const fileName = segments.at(-1);
  if (/catalogue/i.test(relativePath)) return `'catalogue' in a path: the one spelling is 'catalog'.`;
  const match = NAME.exec(fileName);
  if (!match) {
    return `'${fileName}': a file name is <base>[.<role>][.test].<ext>, the base in kebab-case, the role one of ${ROLES.join(', ')}.`;
  }
  const base = match[1];
  const at = segments.lastIndexOf('modules');
  if (segments.slice(0, at).join('/') === 'apps/server/src' && segments.length === at + 3) {
    const module = segments[at + 1];
    const one = singular(module);
    const repeats = base !== module && [module, one].some((noun) => base === noun || base.startsWith(`${noun}-`));
    if (repeats) {
      return `'${fileName}' in modules/${module}/: name it for its topic without the module's noun, or '${module}.<role>' for the module-wide file.`;
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const fileNames = {
  meta: { type: 'suggestion', docs: { description: 'File names: kebab-case base, a known role suffix, one way per module' }, schema: [] },
  create(context) {
    const relative = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const problem = fileNameProblem(relative);
    if (!problem) return {};
    return {
      Program(node) {
        context.report({ node, loc: { line: 1, column: 0 }, message: problem });
      },
    };
  },
};
