// Command-line arguments and the parse functions.
// args: 12 -34 9000000000 2.5e3 -0.125 hello 0x
class Main {
    public static void main(String[] args) {
        System.out.println(args.length);
        for (int i = 0; i < args.length; i++) {
            System.out.println(i + ": " + args[i]);
        }
        int a = Integer.parseInt(args[0]);
        int b = Integer.parseInt(args[1]);
        long c = Long.parseLong(args[2]);
        double d = Double.parseDouble(args[3]);
        float e = Float.parseFloat(args[4]);
        System.out.println(a + b);
        System.out.println(a * b);
        System.out.println(c * 3);
        System.out.println(d / 7);
        System.out.println(e * 3);
        System.out.println(Integer.parseInt("-2147483648") + " " + Long.parseLong("+77") + " " + Double.parseDouble("1e-400")
            + " " + Double.parseDouble("-Infinity") + " " + Float.parseFloat("3.4028236e38") + " " + Double.parseDouble("NaN"));
        System.out.println(args[5] + args[6]);
    }
}
