fail()
