// Java twin of value_nulls_versioned.somd: value classes become final classes, value
// arrays arrays (`new T[[]](a)` a copy), each `@` a loop.
// throws-at: 42:26
final class P {
    final int x;
    final int y;

    P(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    static P make(int i) {
        if (i == 97) {
            return null;
        }
        return new P(i * 5 - 3, 7 - i);
    }

    static P keep(int i) {
        return new P(i, i * i - 11);
    }

    static long inPlace(P[] ps, int end) {
        long s = 0;
        for (int i = 0; i < end; i++) {
            s += (long) ps[i].x * 31 + ps[i].y;
        }
        return s;
    }

    static long throughLocal(P[] ps, int end) {
        long s = 0;
        for (int i = 0; i < end; i++) {
            P q = ps[i];
            s = s * 17 + q.x - q.y;
        }
        return s;
    }

    static long rows(P[][] m) {
        long s = 0;
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                s += m[r][c].x ^ m[r][c].y;
            }
        }
        return s;
    }

    static P[][] deep(P[][] g) {
        P[][] d = new P[g.length][];
        for (int r = 0; r < g.length; r++) {
            d[r] = g[r].clone();
        }
        return d;
    }

    static long lastOf(P[] ps, int end) {
        long s = 0;
        P last = null;
        for (int i = 0; i < end; i++) {
            s += ps[i].y;
            last = ps[i];
        }
        return s * 1000 + last.x;
    }

    public static void main(String[] args) {
        int n = 150;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        int[] ids = idx.clone();
        P[] whole = new P[n];
        P[] holed = new P[n];
        for (int i = 0; i < n; i++) {
            whole[i] = keep(ids[i]);
            holed[i] = make(ids[i]);
        }
        System.out.println(inPlace(whole, n) + " " + throughLocal(whole, n));
        // Up to the `null` at 97 and not past it.
        System.out.println(inPlace(holed, 97) + " " + throughLocal(holed, 97));
        P[] pv = new P[n];
        for (int i = 0; i < n; i++) {
            pv[i] = new P(i - 40, 3 * i);
        }
        P[] frozen = pv.clone();
        System.out.println(inPlace(frozen, n) + " " + throughLocal(frozen, n));
        System.out.println(lastOf(whole, n) + " " + lastOf(holed, 97) + " " + lastOf(frozen, n));
        P[][] grid = new P[4][6];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 6; c++) {
                grid[r][c] = new P(r * 6 + c, c - r);
            }
        }
        P[][] m = deep(grid);
        System.out.println(rows(m));
        grid[2][5] = null;
        P[][] m2 = deep(grid);
        System.out.println(inPlace(m2[1], 6) + " " + inPlace(m2[2], 5));
        pv[120] = null;
        P[] again = pv.clone();
        System.out.println(inPlace(again, 120));
        System.out.println(throughLocal(again, n));
    }
}
