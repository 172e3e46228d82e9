echo "Hello"
exit 0
