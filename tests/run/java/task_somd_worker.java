// Java twin of task_somd_worker.somd: the task graph is a loop calling the source until it
// throws Underflow, the SOMD method one call over the whole array.
class Underflow extends RuntimeException {
}

class Main {
    static int next = 0;
    static long total = 0;

    static long dsum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * a[i];
        }
        return s;
    }

    static int[] source() {
        if (next >= 6) {
            throw new Underflow();
        }
        next++;
        int[] r = new int[next * 1000];
        for (int i = 0; i < r.length; i++) r[i] = i;
        return r;
    }

    static void collect(long x) {
        total = total * 31 + x;
    }

    public static void main(String[] args) {
        try {
            while (true) {
                collect(dsum(source()));
            }
        } catch (Underflow u) {
        }
        System.out.println(total);
    }
}
