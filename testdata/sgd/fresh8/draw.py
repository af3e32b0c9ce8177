#!/usr/bin/env python3
"""Draw fresh8/E from a checkout of the SGD dataset (train and dev splits only).

usage: draw.py PARLEY_TOOLS SGD_CHECKOUT OUT_DIR

For every service of the dev and train schemas: every single-service dialogue
that reaches a transactional call (parley-tools sgd sample -n 100000), minus
every dialogue id already under testdata/sgd/ (any split), then 4 of the n left
at positions (4i+3)*n/16, i = 0..3: the third quarter of four equal stretches,
never the points fresh5 (i*n/4), fresh6 ((2i+1)*n/8) or fresh7 ((4i+1)*n/16)
took. No randomness: the rule is the seed. E is replayed leave-domain-out
(parley-tools sgd replay -unseen-domain).
"""
import glob, json, os, subprocess, sys

K = 4
tools, sgd, out = sys.argv[1:4]
here = os.path.dirname(os.path.abspath(__file__))
seen = set()
for f in glob.glob(os.path.join(here, "..", "**", "*.json"), recursive=True):
    if os.path.abspath(f).startswith(os.path.abspath(here)):
        continue
    try:
        data = json.load(open(f))
    except ValueError:
        continue
    if isinstance(data, list):
        seen.update(d["dialogue_id"] for d in data if isinstance(d, dict) and "dialogue_id" in d)

for split in ("dev", "train"):
    schema = os.path.join(sgd, split, "schema.json")
    files = sorted(glob.glob(os.path.join(sgd, split, "dialogues_*.json")))
    for svc in [s["service_name"] for s in json.load(open(schema))]:
        res = subprocess.run([tools, "sgd", "sample", "-service", svc, "-n", "100000", schema] + files,
                             capture_output=True, text=True)
        if res.returncode != 0:
            print(split, svc, "none:", res.stderr.strip()[:80])
            continue
        left = [d for d in json.loads(res.stdout) if d["dialogue_id"] not in seen]
        n = len(left)
        if n == 0:
            print(split, svc, "none left")
            continue
        picks = sorted({(4 * i + 3) * n // (4 * K) for i in range(K)})
        take = [left[p] for p in picks]
        print(split, svc, "left", n, "took", len(take))
        with open(os.path.join(out, f"{split}_{svc}.json"), "w") as fh:
            json.dump(take, fh, indent=2, sort_keys=True)
            fh.write("\n")
