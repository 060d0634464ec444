"""Medians over the rounds of each call folder's JSON files (somd-bench --json): per build and
thread count, gen cpu N and rayon N kernel ms, the kernel ratio gen / rayon (median [min-max]
of the rounds) and the end-to-end ratio. Usage: python3 summary.py call3 call5 ..."""
import json,glob,statistics as st,collections,sys
for d in sys.argv[1:]:
    res=collections.defaultdict(list)
    for f in sorted(glob.glob(d+"/*.json")):
        v=f.split('/')[-1].split('-')[0]
        j=json.load(open(f))
        rr={r['variant']:r for r in j['results']}
        for t in (2,8,16):
            g=rr[f'gen cpu {t}']; b=rr[f'rayon {t}']
            res[(v,t)].append((g['kernel']['median_ms'], b['kernel']['median_ms'], g['end_to_end']['median_ms'], b['end_to_end']['median_ms']))
    for k in sorted(res, key=lambda k:(k[1],k[0])):
        xs=res[k]
        gk=st.median(x[0] for x in xs); bk=st.median(x[1] for x in xs)
        rk=st.median(x[0]/x[1] for x in xs); re=st.median(x[2]/x[3] for x in xs)
        print(f"{d} {k[0]:5} threads {k[1]:2}: gen kernel {gk:6.1f} rayon {bk:6.1f} ms; kernel ratio median {rk:.2f} [{min(x[0]/x[1] for x in xs):.2f}-{max(x[0]/x[1] for x in xs):.2f}]; e2e ratio {re:.2f}")
