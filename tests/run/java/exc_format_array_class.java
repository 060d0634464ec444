// A format conversion that does not take its argument names the argument's Java class in
// its exception: `[[D` for a `double[][]`.
class Main {
    public static void main(String[] args) {
        double[][] m = {{1.5}};
        System.out.println(String.format("%b", m));
        System.out.println(String.format("%x", m));
    }
}
