import java.util.Random;
class Main {
    static int cell(int k, int d, int lo, int lo1, int lo2, int[] prev1, int[] prev2, byte[] s, byte[] t) {
        int i = lo + k; int j = d - i;
        if (i == 0) return j;
        if (j == 0) return i;
        int up = prev1[i - 1 - lo1] + 1; int left = prev1[i - lo1] + 1;
        int diag = prev2[i - 1 - lo2] + (s[i - 1] == t[j - 1] ? 0 : 1);
        return Math.min(Math.min(up, left), diag);
    }
    static int lowI(int d, int m) { return Math.max(0, d - m); }
    static byte[] dna(Random rnd, int n) {
        byte[] b = new byte[n]; byte[] alphabet = {'A', 'C', 'G', 'T'};
        for (int i = 0; i < n; i++) b[i] = alphabet[rnd.nextInt(4)];
        return b;
    }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]); int m = Integer.parseInt(args[1]);
        Random rnd = new Random(555);
        byte[] sa = dna(rnd, n);
        byte[] ta = new byte[m];
        for (int j = 0; j < m; j++) { int r = rnd.nextInt(10); ta[j] = r == 0 ? (byte) 'A' : sa[(j * 7 / 8 + (r == 1 ? 1 : 0)) % n]; }
        byte[] s = sa.clone(), t = ta.clone();
        int[] prev2 = {0}; int[] prev1 = {1, 1};
        int lo2 = 0, lo1 = 0; long waveSum = 0;
        for (int d = 2; d <= n + m; d++) {
            int lo = lowI(d, m); int hi = Math.min(n, d);
            int[] cur = new int[hi - lo + 1];
            for (int k = 0; k < cur.length; k++) cur[k] = cell(k, d, lo, lo1, lo2, prev1, prev2, s, t);
            if (d % 500 == 0) { int mn = Integer.MAX_VALUE; for (int v : cur) mn = Math.min(mn, v); waveSum += mn; }
            prev2 = prev1; lo2 = lo1; prev1 = cur; lo1 = lo;
        }
        System.out.println("editdist n=" + n + " m=" + m);
        System.out.println("distance " + prev1[0] + " wave minima sum " + waveSum);
    }
}
