// Java twin of exc_spin_order.somd.
// Java runs the loop from its last element down: element 199's search takes 10,000 steps and
// then reads past `t`, before element 3 reads past it at once. On the device element 3's
// work-item may fail first; element 199's search must not leave its loop on that failure,
// which comes later in Java's order, or the program would raise element 3's read, or a read
// at a step short of 10,000.
class Main {
    static int[] roots(int[] k, int[] t) {
        int[] out = new int[k.length];
        for (int i = k.length - 1; i >= 0; i--) {
            int s = 0;
            while (s * s != k[i]) s++;
            out[i] = t[s];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] k = new int[200];
        for (int i = 0; i < k.length; i++) {
            k[i] = (i % 3) * (i % 3);
        }
        int[] t = new int[]{4, 6, 8};
        int[] r = roots(k, t);
        System.out.println(r[0] + " " + r[100] + " " + r[199]);
        k[3] = 25;
        k[199] = 10000 * 10000;
        r = roots(k, t);
        System.out.println(r[0]);
    }
}
// throws-at: 12:22
