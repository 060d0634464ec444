"""Per build, benchmark and thread count of bench/gpu/s113b.sh's rounds: gen cpu N and rayon N
kernel ms (medians over the rounds) and the rounds' gen / rayon kernel ratios.
Usage: python3 valsum.py DIR (the folder holding val/)"""
import json, glob, statistics as st, collections, sys
res = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/val/*.json')):
    v = f.split('/')[-1].split('-')[0]
    rr = {(r['benchmark'], r['variant']): r for r in json.load(open(f))['results']}
    for (b, var), g in rr.items():
        if not var.startswith('gen cpu'):
            continue
        t = var.split()[-1]
        base = rr.get((b, 'rayon ' + t))
        if base:
            res[(b, int(t), v)].append((g['kernel']['median_ms'], base['kernel']['median_ms']))
for k in sorted(res):
    xs = res[k]
    ratios = sorted(x[0] / x[1] for x in xs)
    print(f"{k[0]:13} {k[1]:2} threads {k[2]:3}: gen {st.median(x[0] for x in xs):8.1f} rayon "
          f"{st.median(x[1] for x in xs):8.1f} ms; ratios {', '.join('%.2f' % r for r in ratios)}")
