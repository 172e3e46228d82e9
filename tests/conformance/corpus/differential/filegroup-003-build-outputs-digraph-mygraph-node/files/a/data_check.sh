#!/bin/sh
cat a/f1.txt
