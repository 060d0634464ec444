// Java twin of exc_task_downstream_map.somd: the task graph as a loop over the source's
// items, the `@` as a loop over its applications.
class Main {
    static int cnt = 0;

    static int src() {
        if (cnt == 3) {
            throw new Underflow();
        }
        cnt++;
        return cnt;
    }

    static long spin(int k, int m) {
        long[] t = new long[m % 7 + 1];
        long s = k;
        for (int z = 0; z < m; z++) {
            s = s * 31 + (k ^ z);
        }
        t[0] = s;
        return t[0];
    }

    static long filt(int x) {
        int m = x == 1 ? 1000 : 2000000000;
        long[] r = new long[4096];
        for (int k = 0; k < 4096; k++) {
            r[k] = spin(k, m);
        }
        return r[0] + r[4095];
    }

    static void sink(long v) {
        long s = v;
        for (int r = 0; r < 4000; r++) {
            for (int c = 0; c < 4000; c++) {
                s = s * 31 + (r ^ c);
            }
        }
        System.out.println(s);
        System.out.println(10 / (v - v));
    }

    public static void main(String[] args) {
        try {
            while (true) sink(filt(src()));
        } catch (Underflow end) {
        }
        System.out.println("after");
    }
}

class Underflow extends RuntimeException {
}
