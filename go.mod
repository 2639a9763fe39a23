module github.com/errand-app/errand

go 1.26.0
