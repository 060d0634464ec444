// new T[n] with negative n throws NegativeArraySizeException naming n.
class Main {
    static double[] make(int n) {
        return new double[n];
    }

    public static void main(String[] args) {
        System.out.println(make(3).length);
        System.out.println(make(0).length);
        int[][] ok = new int[2][0];
        System.out.println(ok.length);
        System.out.println(make(3 - 8).length);
    }
}
// throws-at: 4:16
