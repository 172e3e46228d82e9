#!/bin/sh
cat b/f1.txt
