// Array index out of bounds names the index and the length.
class Main {
    public static void main(String[] args) {
        int[][] grid = new int[3][2];
        int k = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                grid[i][j] = k++;
            }
        }
        System.out.println(grid[2][1]);
        int[] row = grid[1];
        System.out.println(row[row.length - 1]);
        System.out.println(grid[1][k - 4]);
    }
}
// throws-at: 14:28
