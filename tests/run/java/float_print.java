// Double.toString / Float.toString: shortest representation with Java's layout.
class Main {
    public static void main(String[] args) {
        System.out.println(1.0);
        System.out.println(0.001);
        System.out.println(1.0E-4);
        System.out.println(0.0001f);
        System.out.println(-0.0);
        System.out.println(-0.0f);
        System.out.println(0.0 / 0.0);
        System.out.println(1.0 / 0.0);
        System.out.println(-1.0f / 0.0f);
        System.out.println(1.0E7);
        System.out.println(9999999.0);
        System.out.println(1.2345678E7);
        System.out.println(1.2345678E7f);
        System.out.println(100.0);
        System.out.println(100.0f);
        System.out.println(0.1f);
        System.out.println(0.1);
        System.out.println((double) 0.1f);
        System.out.println(0.1 + 0.2);
        System.out.println(0.1f + 0.2f);
        System.out.println(1.0 / 3);
        System.out.println(1.0f / 3);
        System.out.println(2.0 / 3);
        System.out.println(Float.MIN_VALUE);
        System.out.println(Float.MAX_VALUE);
        System.out.println(Double.MIN_VALUE);
        System.out.println(Double.MAX_VALUE);
        System.out.println(1e23);
        System.out.println(8.41e21);
        System.out.println(2e-323);
        System.out.println(4.9e-324 * 3);
        System.out.println(1.0E-5f);
        System.out.println(123456.7f);
        System.out.println(1234567.9f);
        System.out.println(12345678.9f);
        System.out.println(3.0e10f);
        System.out.println(Math.PI);
        System.out.println(Math.E);
        System.out.println((float) Math.PI);
        System.out.println(1e-3);
        System.out.println(9.999e-4);
        System.out.println(1e21);
        System.out.println(123456789012.0);
        System.out.println(2.2250738585072014E-308);
        System.out.println(5e-324);
        float big = 16777216f;
        System.out.println(big + 1f);
        double x = 1.0;
        for (int i = 0; i < 25; i++) {
            System.out.print(x + " ");
            x *= 10;
        }
        System.out.println();
        float y = 1.0f;
        for (int i = 0; i < 12; i++) {
            System.out.print(y + " ");
            y /= 10;
        }
        System.out.println();
        System.out.println("sum " + (0.5 + 0.25f) + " " + 7e-10 + " " + -123.0e-20f);
    }
}
