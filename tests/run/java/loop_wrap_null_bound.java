// Java twin of loop_wrap_null_bound.somd.
class Main {
    public static void main(String[] args) {
        int[] c = null;
        if (args.length > 5) c = new int[3];
        int t = 0;
        for (int j = 0; c != null && j < c.length; j += 4) {
            t += c[j];
        }
        int[] d = new int[10];
        int k = 0;
        do {
            t += k;
            k += 4;
        } while (d != null && k < d.length);
        System.out.println(t);
    }
}
