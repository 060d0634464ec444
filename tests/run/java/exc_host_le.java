// Java twin of exc_host_le.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[] add(int[] a, int[] b, int n) {
        for (int s = 0; s <= n; s++) {
            {
                for (int j = 0; j < a.length; j++) {
                    a[j] = a[j] + b[s];
                }
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        int[] b = {1, 2, 3, 4, 5};
        a = add(a, b, 3);
        System.out.println(a[0] + " " + a[99]);
        a = add(a, b, 2147483647);
        System.out.println(a[0]);
    }
}
