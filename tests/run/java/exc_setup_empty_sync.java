// Java twin of exc_setup_empty_sync.somd: the SOMD method is its loops over the whole array.
class Main {
    static long[] relax(long[] a, int k, int steps) {
        int w = 60 / k;
        a = a.clone(); // a SOMD method's parameters are passed by value
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 0; i < a.length; i++) {
                    a[i] = (a[i] * w + 1) % 1000003;
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        long[] a = new long[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        long[] r = relax(a, 7, 3);
        System.out.println(r[1] + " " + r[49]);
        r = relax(a, 7, 0);
        System.out.println(r[1] + " " + r[49]);
        r = relax(a, 0, 0);
        System.out.println(r[1]);
    }
}

