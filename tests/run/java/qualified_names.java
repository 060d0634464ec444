// Library classes named by their fully qualified names, as Java programs often write them
// (`java.util.Random r = new java.util.Random(42);`): before, a parse error (probe 60).
import java.util.Random;
import java.lang.*;

class Main {
    public static void main(String[] args) {
        java.util.Random r = new java.util.Random(42);
        Random q = new Random(7);
        System.out.println(r.nextInt(100) + " " + java.lang.Math.max(3, q.nextInt(10)));
        java.lang.String s = "x" + java.lang.Double.MIN_VALUE + java.lang.Integer.MAX_VALUE;
        java.lang.System.out.println(s + " " + java.lang.Long.bitCount(255L));
        double[] d = new double[4];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextGaussian();
        }
        java.lang.System.out.println(d[3] + " " + java.lang.Float.MAX_VALUE);
    }
}
