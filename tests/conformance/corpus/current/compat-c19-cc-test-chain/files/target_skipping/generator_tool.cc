#include <cstdio>
int main() {
  printf("int main() { return 1; }\\n");
  return 0;
}
