// Java twin of exc_instance_write_bounds.somd: one method instance over the whole array
// (`Somd.offset(a)` is 0).
class Main {
    int[] w;

    Main(int n) {
        this.w = new int[n];
    }

    void put(int[] a) {
        for (int i = 0; i < a.length; i++) {
            w[i] = a[i] * 3 + 1;
        }
    }

    public static void main(String[] args) {
        Main m = new Main(5000);
        int[] a = new int[4000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        m.put(a);
        System.out.println(m.w[0] + " " + m.w[3999] + " " + m.w[4000]);
        int[] b = new int[5001];
        m.put(b);
        System.out.println(m.w[0]);
    }
}
