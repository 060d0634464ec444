// Twin of value_array_copy.somd: value arrays are plain arrays compared by their elements,
// a copy of one is `clone()`.
import java.util.Arrays;

class Main {
    public static void main(String[] args) {
        int[] w = new int[]{1, 2};
        int[] b = w.clone();
        int[] v = w.clone();
        int[][] m = new int[][]{{1, 2}, {3}};
        int[][] n = m.clone();
        int[][] k = new int[][]{{4}, {5, 6}};
        int[][] kk = k.clone();
        int[][] mm = new int[][]{{7, 8}};
        System.out.println("" + v[1] + b[0] + n[1][0] + kk[1][1] + mm[0][1] + Arrays.equals(v, w)
            + Arrays.deepEquals(n, m));
        int[] w2 = new int[]{3, 4, 5};
        int[] w3 = w2.clone();
        System.out.println(w3[2] + " " + w3.length);
        int[] z = null;
        int[] zz = z.clone();
        System.out.println(zz.length);
    }
}
