fail('top')
