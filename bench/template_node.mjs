// SPDX-License-Identifier: Apache-2.0 OR MIT
// npm's url-template (RFC 6570) in node, per call, on the cases bench/template_bench.cpp times:
// the RFC's examples and the API template. url-template is installed for the benchmark only:
//   npm install --prefix build/node url-template
//   NODE_PATH=build/node/node_modules node bench/template_node.mjs ../shared/testdata [OUT.json]
// Prints ns per expansion, wall and CPU time (each the best of 5 rounds of at least 0.2 s wall
// time), and writes them to OUT.json if given (./bench.sh: the report compares the CPU time,
// as the C++ rows are CPU time).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

// createRequire wants an absolute path; NODE_PATH is often given relative.
const require = createRequire(path.join(path.resolve(process.env.NODE_PATH || process.cwd()), 'x.js'));
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

// {wall, cpu}: ns per call. CPU time is the process's (user + system, the GC's threads
// included), which a loaded host inflates less than wall time.
function best(f, perRound) {
  const out = { wall: Infinity, cpu: Infinity };
  for (let round = 0; round < 5; ++round) {
    let n = 0;
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    let elapsed = 0n;
    do {
      f();
      n += perRound;
      elapsed = process.hrtime.bigint() - start;
    } while (elapsed < 200000000n);
    const cpu = process.cpuUsage(cpuStart);
    out.wall = Math.min(out.wall, Number(elapsed) / n);
    out.cpu = Math.min(out.cpu, ((cpu.user + cpu.system) * 1000) / n);
  }
  return out;
}

let sink = 0;
const rfc = best(() => { for (const [t, v] of cases) sink += t.expand(v).length; }, cases.length);
const api = parseTemplate('https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}');
const vars = { owner: 'urix-project', repo: 'urix', state: 'open', labels: ['bug', 'good first issue'], per_page: '100' };
const apiNs = best(() => { sink += api.expand(vars).length; }, 1);
const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('url-template')), '..', 'package.json'), 'utf8'));
const ns = (t) => `${t.wall.toFixed(1)} ns wall, ${t.cpu.toFixed(1)} ns CPU`;
console.log(`url-template ${pkg.version}, node ${process.version}`);
console.log(`rfc examples: ${ns(rfc)} per expansion (${cases.length} cases)`);
console.log(`api template: ${ns(apiNs)} per expansion`);
if (process.argv[3]) {
  fs.writeFileSync(process.argv[3], JSON.stringify({
    peer: `url-template ${pkg.version}`, node: process.version, cases: cases.length,
    rows: { rfc_examples: rfc, api: apiNs },
  }, null, 1) + '\n');
}
if (sink === 42) console.log('');
