s = struct(
    MyUnexportedInfo = provider(),
)
