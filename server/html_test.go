package server_test

import "golang.org/x/net/html"

type htmlAttr = html.Attribute
