// SPDX-License-Identifier: Apache-2.0 OR MIT
// npm's url-template (RFC 6570) in node, per call, on the cases bench/template_bench.cpp times:
// the RFC's examples and the API template. url-template is installed for the benchmark only:
//   npm install --prefix build/node url-template
//   NODE_PATH=build/node/node_modules node bench/template_node.mjs ../shared/testdata
// Prints ns per expansion (the best of 5 rounds of at least 0.2 s each).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(path.join(process.env.NODE_PATH || process.cwd(), 'x.js'));
const { parseTemplate } = await import(require.resolve('url-template'));
const testdata = process.argv[2] || '../shared/testdata';

const cases = [];
for (const file of ['spec-examples.json', 'spec-examples-by-section.json']) {
  const suite = JSON.parse(fs.readFileSync(path.join(testdata, 'uritemplate', file), 'utf8'));
  for (const body of Object.values(suite)) {
    for (const [t, want] of body.testcases) {
      if (want === false) continue;
      cases.push([parseTemplate(t), body.variables]);
    }
  }
}

function best(f, perRound) {
  let bestNs = Infinity;
  for (let round = 0; round < 5; ++round) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    do {
      f();
      n += perRound;
      elapsed = process.hrtime.bigint() - start;
    } while (elapsed < 200000000n);
    bestNs = Math.min(bestNs, Number(elapsed) / n);
  }
  return bestNs;
}

let sink = 0;
const rfc = best(() => { for (const [t, v] of cases) sink += t.expand(v).length; }, cases.length);
const api = parseTemplate('https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}');
const vars = { owner: 'urix-project', repo: 'urix', state: 'open', labels: ['bug', 'good first issue'], per_page: '100' };
const apiNs = best(() => { sink += api.expand(vars).length; }, 1);
const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('url-template')), '..', 'package.json'), 'utf8'));
console.log(`url-template ${pkg.version}, node ${process.version}`);
console.log(`rfc examples: ${rfc.toFixed(1)} ns per expansion (${cases.length} cases)`);
console.log(`api template: ${apiNs.toFixed(1)} ns per expansion`);
if (sink === 42) console.log('');
