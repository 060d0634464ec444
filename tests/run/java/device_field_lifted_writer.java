// Java twin of device_field_lifted_writer.somd: one MI over the whole arrays.
class D {
    int[] f;

    D(int n) {
        f = new int[n];
    }

    long add(int[] idx) {
        long t = 0;
        for (int i = 0; i < idx.length; i++) {
            this.f[i + 0] += idx[i];
            t += idx[i];
        }
        return t;
    }
}

class Main {
    static long sum(int[] a) {
        long t = 0;
        for (int i = 0; i < a.length; i++) {
            t += a[i];
        }
        return t;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        D d = new D(n);
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i % 3;
        }
        for (int r = 0; r < 3; r++) {
            long before = sum(d.f);
            long added = d.add(idx);
            System.out.println(r + " " + before + " " + added + " " + d.f[1]);
        }
    }
}
