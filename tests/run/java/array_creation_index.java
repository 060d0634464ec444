// An array creation with an initializer may be indexed (JLS 15.10.3), its index evaluated
// after its elements, and so may a value array made from an array (`new int[[]](a)[2]`);
// an index past it is Java's exception (the last line).
class Main {
    static int calls = 0;

    static int next() {
        calls++;
        return calls;
    }

    public static void main(String[] args) {
        System.out.println(new int[][]{{1, 2, 3}}[0].length);
        System.out.println(new int[]{4, 5, 6}[next()]);
        System.out.println(new long[]{7, 8}[1] + new int[][]{{1}, {2, 3}}[1][1]);
        int[] v = new int[]{9, 10, 11};
        System.out.println(new int[]{9, 10, 11}[2] + v.length);
        System.out.println(new String[]{"a", "b"}[next() - 1]);
        int[] a = {4, 5, 6};
        System.out.println(a.clone()[2] + a.clone().length);
        System.out.println(new int[]{1, 2}[5]);
    }
}
