// Java twin of exc_packed_row.somd: each `@` a loop.
class Main {
    static int[] split(int x, int d) {
        return new int[]{x / 3, x % 3, 1000 / (x - d)};
    }

    public static void main(String[] args) {
        int[] xs = new int[500];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i;
        }
        int[][] r = new int[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            r[i] = split(xs[i], 1000);
        }
        System.out.println(r[499][0] + " " + r[499][1] + " " + r[499][2]);
        int[][] q = new int[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            q[i] = split(xs[i], 321);
        }
        System.out.println(q[0][2]);
    }
}
