module github.com/theoremdb/theoremdb

go 1.26.8
