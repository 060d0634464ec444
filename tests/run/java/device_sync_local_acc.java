class Main {
    static double norm2(double[] a) {
        double norm = 0;
        double part = 0;
        for (int i = 0; i < a.length; i++) {
            part += a[i] * a[i];
        }
        norm += part;
        return Math.sqrt(norm);
    }

    static long stats(int[] a, int rounds) {
        long total = 0;
        long round = 0;
        int big = Integer.MIN_VALUE;
        for (int t = 0; t < rounds; t++) {
            round = 0;
            long s = 0;
            int c = 0;
            for (int i = 0; i < a.length; i++) {
                s += a[i] * (long) (t + 1);
                if (a[i] > 50) {
                    c++;
                }
            }
            round += s + c;
            total += round;
            int m = Integer.MIN_VALUE;
            for (int i = 0; i < a.length; i++) {
                m = Math.max(m, a[i] - t);
            }
            big = Math.max(big, m);
        }
        return total * 1000 + big;
    }

    public static void main(String[] args) {
        double[] a = new double[100000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 17) * 0.25;
        }
        System.out.println(norm2(a));
        int[] b = new int[70001];
        for (int i = 0; i < b.length; i++) {
            b[i] = (i * 31) % 101;
        }
        System.out.println(stats(b, 3));
    }
}
