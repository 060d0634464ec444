// Long remainder by zero throws ArithmeticException; floating remainder by zero does not.
class Main {
    public static void main(String[] args) {
        double x = 5.0 % 0.0;
        System.out.println(x);
        long a = 1L << 40;
        long b = args.length;
        System.out.println(a % (b + 3));
        long c = a % b;
        System.out.println(c);
    }
}
// throws-at: 9:18
