// Java twin of device_adapt_sites.somd.
class Main {
    static long weigh(int[] a, int k) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * k;
        }
        return s;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] small = new int[64];
        int[] large = new int[200000];
        for (int i = 0; i < large.length; i++) {
            large[i] = (i * 37) % 1009 - 500;
        }
        for (int i = 0; i < small.length; i++) {
            small[i] = (i * 11) % 211;
        }
        int[] few = small.clone();
        int[] many = large.clone();
        long check = 0;
        for (int r = 0; r < 12; r++) {
            check += weigh(small, r + 1);
            check = check * 31 + weigh(large, r + 2);
            int u = sum(few);
            int v = sum(many);
            check += u - 3L * v + r;
        }
        System.out.println("check " + check);
    }
}
