// A `static final` constant read through a value (`o.SCALE`) in a `@` target: the constant,
// as through the class, so the target runs on the device (the OpenCL writer failed on it,
// and every construct of the program ran on the CPU).
final class V {
    static final int SCALE = 3;
    int m;
    V(int m) { this.m = m; }
}
class Main {
    static int via(V o) { return o.SCALE + o.m; }
    public static void main(String[] args) {
        V[] vs = new V[4];
        for (int i = 0; i < 4; i++) vs[i] = new V(i);
        V[] copy = vs.clone();
        int[] r = new int[copy.length];
        for (int i = 0; i < copy.length; i++) r[i] = via(copy[i]);
        System.out.println(r[0] + " " + r[3]);
    }
}
