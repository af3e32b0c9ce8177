#!/usr/bin/env python3
"""Draw fresh9/F from a checkout of the SGD dataset (train and dev splits only).

usage: draw.py PARLEY_TOOLS SGD_CHECKOUT OUT_DIR

For every service of the dev and train schemas: every single-service dialogue
that reaches a transactional call (parley-tools sgd sample -n 100000), minus
every dialogue id already under testdata/sgd/ (any split), then K of the n left
at positions (8i+5)*n/(8K), i = 0..K-1: just past the middle of K equal
stretches. K is 8 for the least-developed services (those of which the earlier
samples hold 20 dialogues or fewer, counted per split and service) and 4 for
every other. No randomness: the rule is the seed. F is replayed
leave-domain-out (parley-tools sgd replay -unseen-domain).
"""
import collections, glob, json, os, subprocess, sys

LEAST, MORE = 8, 4
THRESHOLD = 20
tools, sgd, out = sys.argv[1:4]
here = os.path.dirname(os.path.abspath(__file__))
seen = set()
count = collections.Counter()
for f in sorted(glob.glob(os.path.join(here, "..", "**", "*.json"), recursive=True)):
    a = os.path.abspath(f)
    if a.startswith(here) or "synthetic" in a:
        continue
    try:
        data = json.load(open(f))
    except ValueError:
        continue
    if not isinstance(data, list):
        continue
    rel = os.path.relpath(a, os.path.dirname(here))
    split = "dev" if rel.startswith("dev") or "/dev" in rel else "train"
    for d in data:
        if isinstance(d, dict) and "dialogue_id" in d:
            seen.add(d["dialogue_id"])
            if len(d.get("services", [])) == 1:
                count[(split, d["services"][0])] += 1

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
        k = LEAST if count[(split, svc)] <= THRESHOLD else MORE
        picks = sorted({(8 * i + 5) * n // (8 * k) for i in range(k)})
        take = [left[p] for p in picks]
        print(split, svc, "sampled before", count[(split, svc)], "left", n, "took", len(take))
        with open(os.path.join(out, f"{split}_{svc}.json"), "w") as fh:
            json.dump(take, fh, indent=2, sort_keys=True)
            fh.write("\n")
