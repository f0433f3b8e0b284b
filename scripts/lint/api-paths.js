/**
 * Every '/api/...' path of the web app is written once, in an `<x>ApiPaths` object (docs/adding-a-capability.md
 * "API paths"): a string or template literal that starts with '/api' anywhere else is an error. In a feature
 * or an entity, that object is in its api.ts, so pages and components call the api.ts and name no path.
 */

/** The path of a string or template literal, when it is one. */
function literalText(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  return node.quasis[0]?.value.cooked ?? undefined;
}

function inPathTable(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'VariableDeclarator' && at.id.type === 'Identifier' && /ApiPaths$/.test(at.id.name)) return true;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const apiPaths = {
  meta: { type: 'suggestion', docs: { description: "'/api' paths only in <x>ApiPaths objects (in api.ts for features and entities)" }, schema: [] },
  create(context) {
    const file = context.filename.split('\\').join('/');
    const inSlice = /\/src\/(features|entities)\/[^/]+\//.test(file);
    const tableAllowedHere = !inSlice || /\/src\/(features|entities)\/[^/]+\/api\.ts$/.test(file);
    function check(node) {
      const text = literalText(node);
      if (text === undefined || !/^\/api(\/|$|\?)/.test(text)) return;
      if (tableAllowedHere && inPathTable(node)) return;
      context.report({
        node,
        message: tableAllowedHere
          ? `'${text}': name the path in this file's <x>ApiPaths object and use it from there.`
          : `'${text}': a feature's or entity's API paths live in its api.ts (<x>ApiPaths); import them from there.`,
      });
    }
    return { Literal: check, TemplateLiteral: check };
  },
};
