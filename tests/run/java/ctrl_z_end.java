class Main {
    public static void main(String[] args) {
        System.out.println("a file ending with control-Z");
    }
}
// The control-Z (SUB) that ends this file is ignored (JLS 3.5).
