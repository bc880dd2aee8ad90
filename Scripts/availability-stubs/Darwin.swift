// A stand-in for Darwin's pthread API (signatures as imported on macOS), so Rill type-checks for an Apple
// target on Linux. Availability: these are all in every macOS, so none is marked.
public typealias pthread_key_t = UInt
public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>
public struct pthread_mutex_t { public init() {} }
public struct pthread_mutexattr_t { public init() {} }
@discardableResult public func pthread_key_create(
  _ key: UnsafeMutablePointer<pthread_key_t>, _ destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)?
) -> Int32 { 0 }
@discardableResult public func pthread_getspecific(_ key: pthread_key_t) -> UnsafeMutableRawPointer? { nil }
@discardableResult public func pthread_setspecific(_ key: pthread_key_t, _ value: UnsafeRawPointer?) -> Int32 { 0 }
@discardableResult public func pthread_self() -> pthread_t { fatalError() }
@discardableResult public func pthread_mutex_init(
  _ mutex: UnsafeMutablePointer<pthread_mutex_t>, _ attributes: UnsafePointer<pthread_mutexattr_t>?
) -> Int32 { 0 }
@discardableResult public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }
