// Array forms Java allows: empty initializers with a comma (`{,}`), a trailing comma, and
// a method's array result written after its parameters (`int m()[]`).
class Main {
    static int m()[] {
        return new int[] {4, 5};
    }

    static int[] grid(int n)[] {
        int[][] g = new int[n][n];
        g[n - 1][n - 1] = n;
        return g;
    }

    public static void main(String[] args) {
        int[] a = {,};
        int[][] b = {{,}, {1,}, {}};
        String[] s = new String[] {,};
        System.out.println(a.length + " " + b[0].length + " " + b[1].length + " " + b[2].length
                + " " + s.length);
        System.out.println(m()[1] + " " + grid(3)[2][2] + " " + grid(2).length);
    }
}
