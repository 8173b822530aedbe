// The TypeScript parser, with every import and re-export read as a value import. The cycle rule
// parses dependencies with it, so a cycle that runs through `import type` counts as a cycle too:
// it is still two files that cannot be understood apart.
const parser = require('@typescript-eslint/parser');

function asValues(ast) {
  for (const statement of ast.body) {
    if (statement.importKind) statement.importKind = 'value';
    if (statement.exportKind) statement.exportKind = 'value';
    for (const specifier of statement.specifiers ?? []) {
      if (specifier.importKind) specifier.importKind = 'value';
      if (specifier.exportKind) specifier.exportKind = 'value';
    }
  }
  return ast;
}

module.exports = {
  meta: { name: 'imports-as-values' },
  parseForESLint(code, options) {
    const result = parser.parseForESLint(code, options);
    return { ...result, ast: asValues(result.ast) };
  },
};
