package corpusimport

import "github.com/theoremdb/theoremdb/corpus"

// OpenLogic is the Open Logic Project as a source: CC BY 4.0, credited
// with the file each item comes from.
var OpenLogic = Source{
	Writer:  corpus.Writer{Kind: corpus.WriterImporter, ID: "importer:openlogic", Layer: "openlogic"},
	Licence: "CC-BY-4.0",
	Attribution: func(it Item) string {
		return "The Open Logic Project, The Open Logic Text (https://openlogicproject.org/), CC BY 4.0: " + it.File
	},
}
