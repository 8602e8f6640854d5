import { HttpContext } from '@adonisjs/core/http'
import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Turns transformer resources (`SomeTransformer.transform(...)`) into the JSON a session
 * endpoint answers. Unlike the starter kit's serializer it does not wrap answers in `data`:
 * the screens, the CLI and the spec (§3, §7) read the documented shapes (an object, a list)
 * at the top level.
 */
class ApiSerializer extends BaseSerializer {
  wrap = undefined

  definePaginationMetaData(metaData: unknown) {
    return metaData
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    /** Resolves transformer resources to JSON: `return serialize(PlanTransformer.transform(plans))`. */
    serialize: ApiSerializer['serialize']
  }
}

const serializer = new ApiSerializer()

/** Adds `ctx.serialize` to every request. */
export default class ApiProvider {
  register() {
    HttpContext.instanceProperty('serialize', function (this: HttpContext, value: any): any {
      return serializer.serialize(value, this.containerResolver)
    })
  }
}
