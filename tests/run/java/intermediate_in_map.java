// Java twin of intermediate_in_map.somd.
class Lib {
    static int top(int x) {
        return x;
    }

    static int lift(int x) {
        return top(x) + 1;
    }

    static int larger(int x, int y) {
        return top(x) > y ? x : y;
    }
}

class Main {
    static long score(int[] a, int[] w) {
        int[] lifted = new int[w.length];
        for (int i = 0; i < w.length; i++) {
            lifted[i] = Lib.lift(w[i]);
        }
        int best = w[0];
        for (int i = 1; i < w.length; i++) {
            best = Lib.larger(best, w[i]);
        }
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * lifted[i % lifted.length] + best;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 37) % 101 - 50;
        }
        int[] w = new int[]{4, -2, 9, 7, 0, 3, -8};
        System.out.println(score(a, w));
        System.out.println(score(new int[0], w));
        System.out.println(score(new int[3], w));
    }
}
