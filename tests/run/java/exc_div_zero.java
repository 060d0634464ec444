// Integer division by zero throws ArithmeticException; output printed before it is kept.
class Main {
    static int ratio(int a, int b) {
        return a / b;
    }

    public static void main(String[] args) {
        int[] ds = {4, 2, 1, 0, -1};
        for (int i = 0; i < ds.length; i++) {
            System.out.println(ratio(100, ds[i]));
        }
    }
}
// throws-at: 5:16
