#!/bin/sh
echo running under //run:under "$*"
