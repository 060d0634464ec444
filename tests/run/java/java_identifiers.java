// Java twin of java_identifiers.somd: the same names.
class Main {
    static long €sum(int[] £) {
        long to‿tal = 0;
        for (int café = 0; café < £.length; café++) {
            to‿tal += £[café];
        }
        return to‿tal;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        int ¢ = 3;
        System.out.println(€sum(a) + ¢);
    }
}
