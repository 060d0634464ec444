class Main {
    static int[] rows(int[] a, int[] t, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int x = 0; x < w; x++) {
                s += x;
                out[i * w + x] = s / (a[i] - 5 + x) + t[(i) * w + x];
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[300];
        for (int i = 0; i < a.length; i++) {
            a[i] = i == 250 ? 5 : 100 + i;
        }
        int[] o = rows(a, new int[300 * 200 - 3], 200);
        System.out.println(o[7]);
    }
}
