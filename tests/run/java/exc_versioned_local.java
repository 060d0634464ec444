// Java twin of exc_versioned_local.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static long sum(int[] x) {
        long s = 0;
        int j = 100;
        int b = j;
        for (j = 0; b < 200; j++) {
            s += x[j];
        }
        return s;
    }

    static long first(int[] x) {
        long s = 0;
        int j = 3;
        int b = j;
        for (j = 0; j < x.length; j++) {
            s += x[b] + x[j];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] x = new int[300];
        for (int i = 0; i < 300; i++) x[i] = i;
        System.out.println(first(x));
        System.out.println(sum(x));
    }
}
